import { ServiceModel } from '../../../src/lib/model/service-model.js';
import type { ApiJson, RawShape } from '../../../src/lib/model/types.js';

/** Shapes shared by the two test models. */
const SHAPES: Record<string, RawShape> = {
  String: { type: 'string' },
  Integer: { type: 'integer' },
  Long: { type: 'long' },
  Double: { type: 'double' },
  Boolean: { type: 'boolean' },
  Timestamp: { type: 'timestamp' },
  IsoTimestamp: { type: 'timestamp', timestampFormat: 'iso8601' },
  Blob: { type: 'blob' },
  Document: { type: 'structure', members: {}, document: true },
  StringList: { type: 'list', member: { shape: 'String' } },
  IntegerList: { type: 'list', member: { shape: 'Integer' } },
  TimestampList: { type: 'list', member: { shape: 'Timestamp' } },
  StringMap: { type: 'map', key: { shape: 'String' }, value: { shape: 'String' } },
  BlobMap: { type: 'map', key: { shape: 'String' }, value: { shape: 'Blob' } },
  Node: {
    type: 'structure',
    members: {
      Name: { shape: 'String' },
      Children: { shape: 'NodeList' },
      Renamed: { shape: 'String', locationName: 'wire_name' },
      When: { shape: 'Timestamp' },
      WhenIso: { shape: 'Timestamp', timestampFormat: 'iso8601' },
      Data: { shape: 'Blob' },
    },
  },
  NodeList: { type: 'list', member: { shape: 'Node' } },
  Everything: {
    type: 'structure',
    members: {
      Str: { shape: 'String' },
      Int: { shape: 'Integer' },
      Lng: { shape: 'Long' },
      Dbl: { shape: 'Double' },
      Bool: { shape: 'Boolean' },
      Time: { shape: 'Timestamp' },
      Iso: { shape: 'IsoTimestamp' },
      Bytes: { shape: 'Blob' },
      Doc: { shape: 'Document' },
      List: { shape: 'StringList' },
      Times: { shape: 'TimestampList' },
      Map: { shape: 'StringMap' },
      Blobs: { shape: 'BlobMap' },
      Tree: { shape: 'Node' },
    },
  },
  Empty: { type: 'structure', members: {} },
  ThrottledError: {
    type: 'structure',
    members: { message: { shape: 'String' }, RetryAfter: { shape: 'Integer', location: 'header', locationName: 'Retry-After' }, Reason: { shape: 'String' } },
    exception: true,
    retryable: { throttling: true },
    error: { httpStatusCode: 429 },
  },
  FlakyError: { type: 'structure', members: { Message: { shape: 'String' } }, exception: true, fault: true, retryable: {} },
  PlainError: { type: 'structure', members: { Message: { shape: 'String' }, Items: { shape: 'StringList' } }, exception: true },
  AliasedError: { type: 'structure', members: {}, exception: true, error: { code: 'Aliased.Code' } },
};

const ERRORS = [{ shape: 'ThrottledError' }, { shape: 'FlakyError' }, { shape: 'PlainError' }, { shape: 'AliasedError' }];

/** A JSON 1.1 model with one operation taking (and returning) every kind of value. */
export function jsonTestModel(): ServiceModel {
  const json: ApiJson = {
    version: '2.0',
    metadata: { apiVersion: '2020-01-01', endpointPrefix: 'test', protocol: 'json', jsonVersion: '1.1', targetPrefix: 'TestService', signingName: 'test' },
    operations: {
      PutEverything: {
        name: 'PutEverything',
        http: { method: 'POST', requestUri: '/' },
        input: { shape: 'Everything' },
        output: { shape: 'Everything' },
        errors: ERRORS,
      },
      Ping: { name: 'Ping', http: { method: 'POST', requestUri: '/' } },
    },
    shapes: SHAPES,
  };
  return new ServiceModel(json);
}

/** A REST-JSON model exercising labels, query, headers, payloads and output locations. */
export function restTestModel(): ServiceModel {
  const json: ApiJson = {
    version: '2.0',
    metadata: { apiVersion: '2020-01-01', endpointPrefix: 'rest', protocol: 'rest-json', signingName: 'rest' },
    operations: {
      GetThing: {
        name: 'GetThing',
        http: { method: 'GET', requestUri: '/things/{ThingId}/files/{Key+}?versions&mode=full' },
        input: { shape: 'GetThingInput' },
        output: { shape: 'GetThingOutput' },
        errors: ERRORS,
      },
      PutBody: { name: 'PutBody', http: { method: 'PUT', requestUri: '/body/{Id}' }, input: { shape: 'PutBodyInput' }, output: { shape: 'PutBodyOutput' } },
      Upload: { name: 'Upload', http: { method: 'POST', requestUri: '/upload' }, input: { shape: 'UploadInput' }, output: { shape: 'UploadOutput' } },
      PutNode: { name: 'PutNode', http: { method: 'POST', requestUri: '/node' }, input: { shape: 'PutNodeInput' }, output: { shape: 'PutNodeOutput' } },
      Download: { name: 'Download', http: { method: 'GET', requestUri: '/download' }, input: { shape: 'Empty' }, output: { shape: 'DownloadOutput' } },
      Search: { name: 'Search', http: { method: 'GET', requestUri: '/search' }, input: { shape: 'SearchInput' } },
    },
    shapes: {
      ...SHAPES,
      GetThingInput: {
        type: 'structure',
        required: ['ThingId', 'Key'],
        members: {
          ThingId: { shape: 'String', location: 'uri', locationName: 'ThingId' },
          Key: { shape: 'String', location: 'uri', locationName: 'Key' },
          Tags: { shape: 'StringList', location: 'querystring', locationName: 'tag' },
          Numbers: { shape: 'IntegerList', location: 'querystring', locationName: 'n' },
          Since: { shape: 'Timestamp', location: 'querystring', locationName: 'since' },
          Flag: { shape: 'Boolean', location: 'querystring', locationName: 'flag' },
          Extra: { shape: 'StringMap', location: 'querystring' },
          Token: { shape: 'String', location: 'header', locationName: 'X-Token' },
          IfModified: { shape: 'Timestamp', location: 'header', locationName: 'If-Modified-Since' },
          IfIso: { shape: 'Timestamp', location: 'header', locationName: 'X-Iso', timestampFormat: 'iso8601' },
          Verbose: { shape: 'Boolean', location: 'header', locationName: 'X-Verbose' },
          Names: { shape: 'StringList', location: 'header', locationName: 'X-Names' },
          Context: { shape: 'String', location: 'header', locationName: 'X-Context', jsonvalue: true },
          Meta: { shape: 'StringMap', location: 'headers', locationName: 'X-Meta-' },
        },
      },
      GetThingOutput: {
        type: 'structure',
        members: {
          Status: { shape: 'Integer', location: 'statusCode' },
          Size: { shape: 'Long', location: 'header', locationName: 'Content-Length' },
          Modified: { shape: 'Timestamp', location: 'header', locationName: 'Last-Modified' },
          Cached: { shape: 'Boolean', location: 'header', locationName: 'X-Cached' },
          Names: { shape: 'StringList', location: 'header', locationName: 'X-Names' },
          Context: { shape: 'String', location: 'header', locationName: 'X-Context', jsonvalue: true },
          Meta: { shape: 'StringMap', location: 'headers', locationName: 'X-Meta-' },
          Title: { shape: 'String' },
          Created: { shape: 'Timestamp' },
        },
      },
      PutBodyInput: {
        type: 'structure',
        required: ['Id'],
        members: {
          Id: { shape: 'String', location: 'uri', locationName: 'Id' },
          Title: { shape: 'String', locationName: 'title' },
          When: { shape: 'Timestamp' },
          Tree: { shape: 'Node' },
        },
      },
      PutBodyOutput: { type: 'structure', members: { Title: { shape: 'String', locationName: 'title' } } },
      UploadInput: {
        type: 'structure',
        members: { Name: { shape: 'String', location: 'querystring', locationName: 'name' }, Contents: { shape: 'Blob' } },
        payload: 'Contents',
      },
      UploadOutput: { type: 'structure', members: { Text: { shape: 'String' } }, payload: 'Text' },
      PutNodeInput: { type: 'structure', members: { Node: { shape: 'Node' } }, payload: 'Node' },
      PutNodeOutput: {
        type: 'structure',
        members: { Node: { shape: 'Node' }, RequestId: { shape: 'String', location: 'header', locationName: 'X-Request' } },
        payload: 'Node',
      },
      DownloadOutput: {
        type: 'structure',
        members: { Body: { shape: 'Blob' }, Type: { shape: 'String', location: 'header', locationName: 'Content-Type' } },
        payload: 'Body',
      },
      SearchInput: { type: 'structure', members: { Q: { shape: 'String', location: 'querystring', locationName: 'q' } } },
    },
  };
  return new ServiceModel(json);
}
