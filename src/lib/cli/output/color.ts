/**
 * Whether to colour output: `--color on` always, `off` never; `auto` when stdout is a terminal,
 * `NO_COLOR` is unset (or empty) and `TERM` is not `dumb`.
 */
export function useColor(flag: string | undefined, env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  if (flag === 'on') return true;
  if (flag === 'off') return false;
  if (env.NO_COLOR) return false;
  return isTTY && env.TERM !== 'dumb';
}
