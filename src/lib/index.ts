/**
 * nimbus's client library: clients for the enterprise search service and the mobile project
 * service, the generic client they are built on, and the library's errors.
 *
 * @packageDocumentation
 */
export { SearchClient, SEARCH_SERVICE } from './services/search/search-client.js';
export { MobileClient, MOBILE_SERVICE } from './services/mobile/mobile-client.js';
export { Client } from './client/client.js';
export type { ClientOptions, ClientConfig } from './client/resolve-config.js';
export type { ServiceDefinition } from './client/service-definition.js';
export { Command } from './client/command.js';
export { HandlerList, STEPS } from './client/handler-list.js';
export type { Handler, Middleware, Step, PlacementOptions } from './client/handler-list.js';
export type { Result, ResponseMetadata, TransferStats, MetadataBearer } from './client/result.js';
export type { ArgumentDefinition } from './client/arguments.js';
export type { ApiProvider, ApiDataType } from './client/api-provider.js';
export type { EndpointProvider } from './client/endpoint.js';
export { NimbusError, isNimbusError } from './errors/nimbus-error.js';
export { ServiceException, isServiceException } from './errors/service-exception.js';
export { InvalidArgumentException, isInvalidArgumentException } from './errors/invalid-argument-exception.js';
export { ConnectionError, isConnectionError } from './errors/connection-error.js';
export { ProtocolError, isProtocolError } from './errors/protocol-error.js';
export { InvalidResponseError, isInvalidResponseError } from './errors/invalid-response-error.js';
export { ConfigurationError, isConfigurationError } from './errors/configuration-error.js';
export { ModelError } from './errors/model-error.js';
export type { HttpRequest, HttpResponse } from './http/types.js';
export type { HttpHandler } from './http/undici-handler.js';
export type { HttpOptions } from './http/http-options.js';
export type { Credentials, CredentialProvider } from './credentials/types.js';
export { defaultProvider } from './credentials/default-provider.js';
export type { DefaultProviderOptions } from './credentials/default-provider.js';
export { MFA_CODE_PROVIDER } from './credentials/assume-role-mfa.js';
export type { MfaCodeProvider } from './credentials/assume-role-mfa.js';
export { StsError, isStsError } from './errors/sts-error.js';
export type { Signer, SigningContext, SignatureProvider } from './signing/types.js';
export type * from './services/search/types.js';
export type * from './services/mobile/types.js';
export { RetryConfiguration } from './retry/retry-configuration.js';
export type { RetryMode, RetryHooks } from './retry/retry-configuration.js';
export { readRetryContext } from './client/middleware/retry.js';
export type { AttemptRecord, RetrySummary } from './client/middleware/retry.js';
export { CsmConfiguration } from './client/csm/csm-configuration.js';
export type { CsmOptions } from './client/csm/csm-configuration.js';
export { EndpointDiscoveryConfiguration } from './client/discovery/endpoint-discovery-configuration.js';
export type { EndpointDiscoveryOptions, EndpointDiscoveryCache } from './client/discovery/endpoint-discovery-configuration.js';
export { EndpointDiscoveryError, isEndpointDiscoveryError } from './errors/endpoint-discovery-error.js';
export type { DebugSettings } from './client/debug/debug-options.js';
export type { StatsSettings } from './client/middleware/stats.js';
export type { TransferStatsEntry, TransferStatsReceiver } from './http/transfer-stats.js';
export { Paginator } from './client/paginator.js';
export type { PaginationOptions } from './client/paginator.js';
export type { PaginatorConfig } from './client/pagination-config.js';
export { PaginationError, isPaginationError } from './errors/pagination-error.js';
export { Waiter } from './client/waiter.js';
export type { WaiterOptions, WaiterAttempt } from './client/waiter.js';
export type { WaiterConfig, WaiterAcceptor, AcceptorMatcher } from './client/waiter-config.js';
export { WaiterError, isWaiterError } from './errors/waiter-error.js';
export type { WaiterStopReason } from './errors/waiter-error.js';
export type { CredentialsPromise } from './client/client.js';
export { fromSso } from './credentials/sso/from-sso.js';
export type { SsoProviderOptions } from './credentials/sso/from-sso.js';
export { SsoLoginRequiredError } from './errors/sso-login-required-error.js';
export { fromContainerMetadata } from './credentials/from-container-metadata.js';
export { fromInstanceMetadata } from './credentials/from-instance-metadata.js';
