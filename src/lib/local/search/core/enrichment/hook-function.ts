import { spawn } from 'node:child_process';

/** Why a hook's function could not give a result for a document. */
export class HookFunctionError extends Error {
  override name = 'HookFunctionError';
}

/** The most bytes read from a function's answer: Lambda's limit on a synchronous response. */
const MAX_ANSWER_BYTES = 6 * 1024 * 1024;
/** The most characters of a failing command's standard error quoted in the document's error. */
const MAX_QUOTED_ERROR = 300;

function parseAnswer(text: string, arn: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new HookFunctionError(`The function ${arn} did not answer with JSON`);
  }
}

/** The environment of a function's command: the service's, without its own settings (accepted credentials, token secrets). */
function functionEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('NIMBUS_LOCAL_')));
}

function runCommand(command: string, arn: string, event: string, timeoutMs: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], { stdio: ['pipe', 'pipe', 'pipe'], env: functionEnv() });
    const out: Buffer[] = [];
    let outBytes = 0;
    let errText = '';
    let failure: HookFunctionError | undefined;
    const stop = (reason: string) => {
      failure ??= new HookFunctionError(reason);
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop(`The function ${arn} ran for more than ${timeoutMs / 1000} s and was stopped`), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > MAX_ANSWER_BYTES) return stop(`The function ${arn} answered with more than ${MAX_ANSWER_BYTES} bytes`);
      out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (errText.length < MAX_QUOTED_ERROR * 4) errText += chunk.toString('utf8');
    });
    child.stdin.on('error', () => {
      // a command that exits without reading its event: its exit status tells
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new HookFunctionError(`The function ${arn} could not be run: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (failure) return reject(failure);
      if (code !== 0) {
        const said = errText.trim().split('\n').pop()?.slice(0, MAX_QUOTED_ERROR);
        return reject(new HookFunctionError(`The function ${arn} exited with status ${code}${said ? `: ${said}` : ''}`));
      }
      try {
        resolve(parseAnswer(Buffer.concat(out).toString('utf8'), arn));
      } catch (error) {
        reject(error as Error);
      }
    });
    child.stdin.end(event);
  });
}

async function postEvent(url: string, arn: string, event: string, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: event, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError' ? `did not answer within ${timeoutMs / 1000} s` : `could not be reached: ${(error as Error).message}`;
    throw new HookFunctionError(`The function ${arn} (${new URL(url).origin}) ${reason}`);
  }
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for await (const chunk of response.body ?? []) {
    bytes += chunk.length;
    if (bytes > MAX_ANSWER_BYTES) throw new HookFunctionError(`The function ${arn} answered with more than ${MAX_ANSWER_BYTES} bytes`);
    chunks.push(chunk);
  }
  if (!response.ok) throw new HookFunctionError(`The function ${arn} answered HTTP ${response.status}`);
  return parseAnswer(Buffer.concat(chunks).toString('utf8'), arn);
}

/**
 * Invokes the Lambda function `arn` with `event` through what stands in for it locally
 * (`functions`: ARN → a shell command, which reads the event on its standard input and writes
 * its result on its standard output, or an `http://` or `https://` URL, to which the event is
 * POSTed). Either must answer JSON of at most 6 MB within `timeoutMs`. Throws a
 * {@link HookFunctionError} saying why not, or when nothing stands in for `arn`.
 */
export async function invokeFunction(functions: ReadonlyMap<string, string>, arn: string, event: unknown, timeoutMs: number): Promise<unknown> {
  const target = functions.get(arn);
  if (target === undefined) {
    throw new HookFunctionError(`No function stands in for the Lambda function ${arn} locally; start the service with --function ${arn}=COMMAND or =URL`);
  }
  const body = JSON.stringify(event);
  return /^https?:\/\//i.test(target) ? postEvent(target, arn, body, timeoutMs) : runCommand(target, arn, body, timeoutMs);
}
