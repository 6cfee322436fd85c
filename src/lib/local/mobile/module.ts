import type { LocalServiceModule } from '../types.js';
import { mobileCounts, resetMobile } from './admin.js';
import { MOBILE_SIGNING_NAME } from './download-urls.js';
import { failureResponse } from '../protocol/error-response.js';
import { MOBILE_ERRORS } from './error-response.js';
import { badRequest } from './mobile-error.js';
import { mobileMigrations } from './migrations.js';
import { findRoute, runRoute } from './routes.js';
import { takeToken } from './throttle.js';

/**
 * The local mobile service: the 9 operations of the Mobile Hub API (REST-JSON, 2017-07-01)
 * over the shared SQLite store, and the presigned downloads of the exports it makes.
 */
export const mobileModule: LocalServiceModule = {
  name: 'mobile',
  signingNames: [MOBILE_SIGNING_NAME],
  matches(method, path) {
    return findRoute(method, path) !== undefined;
  },
  migrations: mobileMigrations,
  async handle(ctx, req) {
    try {
      await takeToken(ctx, req.accessKey, ctx.now().getTime());
      const found = findRoute(req.method, req.path);
      if (found === undefined) throw badRequest(`the mobile API has no operation ${req.method} ${req.path}`);
      // every mobile operation that writes is a POST, PUT or DELETE
      return await (req.method === 'GET' || req.method === 'HEAD' ? runRoute(ctx, req, found) : ctx.writes.window(() => runRoute(ctx, req, found)));
    } catch (error) {
      ctx.storage.noteFailure(error, ctx.now());
      return failureResponse(error, req.requestId, MOBILE_ERRORS, (failure, requestId) => ctx.reportError(failure, requestId));
    }
  },
  operationName(method, path) {
    return findRoute(method, path)?.route.operation;
  },
  counts: mobileCounts,
  reset: resetMobile,
};
