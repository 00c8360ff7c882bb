import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/**
 * The layering rule's (eslint.config.js) messages for `code` linted as if it were the file `file`
 * in `srcDir` (e.g. apps/web/src): its tests check code that breaks a rule without writing it.
 */
export function layerErrorsIn(srcDir: string) {
  return async (file: string, code: string): Promise<string[]> => {
    const [result] = await eslint.lintText(code, { filePath: `${root}${srcDir}/${file}` });
    return (result?.messages ?? [])
      .filter((m) => m.ruleId === 'boundaries/dependencies')
      .map((m) => m.message);
  };
}
