import { badRequest } from './mobile-error.js';
import { MAX_IMPORT_BYTES, MAX_PROJECT_YAML_BYTES, MAX_ZIP_ENTRIES, MAX_ZIP_UNCOMPRESSED_BYTES } from './limits.js';
import { parseProjectYaml, PROJECT_FILE_NAME, type ProjectDefinition } from './project-yaml.js';
import { readZip } from './zip-reader.js';

const ZIP_SIGNATURES = ['504b0304', '504b0506'];

/**
 * Decodes the `contents` of CreateProject or UpdateProject: a zip with `mobile-hub-project.yml`
 * at its root, or that YAML alone. Anything else (too large, hostile zip, malformed YAML) is
 * refused with a `BadRequestException` before anything is stored.
 */
export async function decodeContents(body: Buffer): Promise<ProjectDefinition> {
  if (body.length > MAX_IMPORT_BYTES) {
    throw badRequest(`contents are ${body.length} bytes; the import limit is ${MAX_IMPORT_BYTES} bytes (10 MB)`);
  }
  if (ZIP_SIGNATURES.includes(body.subarray(0, 4).toString('hex'))) {
    const files = await readZip(body, {
      maxEntries: MAX_ZIP_ENTRIES,
      maxTotalBytes: MAX_ZIP_UNCOMPRESSED_BYTES,
      maxKeptBytes: MAX_PROJECT_YAML_BYTES,
      keep: (name) => name === PROJECT_FILE_NAME,
    });
    const file = files.get(PROJECT_FILE_NAME);
    if (file === undefined) throw badRequest(`contents: the zip has no ${PROJECT_FILE_NAME} at its root`);
    return parseProjectYaml(utf8(file));
  }
  return parseProjectYaml(utf8(body));
}

function utf8(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw badRequest(`contents are neither a zip archive nor UTF-8 ${PROJECT_FILE_NAME} text`);
  }
}
