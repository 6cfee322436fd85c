import { activeIndex, ok, startTestService, textDoc, until, type TestService } from './support.js';

/** The questions of the example, which share no word with the document that answers them. */
export const TIME_OFF_QUESTIONS = ['how much time off am I allowed annually', 'time off allowance'];

/** A local service with the built-in model and a small handbook, every passage embedded. */
export async function timeOffService(): Promise<{ test: TestService; indexId: string }> {
  const test = await startTestService({ embeddings: 'builtin' });
  const indexId = await activeIndex(test.service.endpoint);
  await ok(test.service.endpoint, 'BatchPutDocument', {
    IndexId: indexId,
    Documents: [
      textDoc('vacation', 'Leave', 'Employees accrue 20 vacation days per year.'),
      textDoc('password', 'Passwords', 'Reset a password from the sign-in page. The reset link expires after an hour.'),
      textDoc('release', 'Release notes', 'Version two adds dark mode.'),
    ],
  });
  await until(async () => {
    const health = (await (await fetch(`${test.service.endpoint}/_nimbus/health`)).json()) as { counts: { search: { passagesToEmbed: number } } };
    return health.counts.search.passagesToEmbed === 0;
  }, 60_000);
  return { test, indexId };
}
