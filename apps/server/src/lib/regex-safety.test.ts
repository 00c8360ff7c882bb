import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parseRulePattern } from '@store/contracts/payment-rules';
import { COD_METHOD, paymentMethods } from '../modules/payments/payment-config';
import { paymentFieldDefinitions } from '../modules/payments/payment-fields';

// Every regular expression literal of the contracts and the server, and every pattern the
// payment form configures (it runs on a shopper's input), through recheck, a ReDoS checker:
// a pattern that can take more than linear time on some input must be rewritten, or be listed
// below with why it never sees a visitor's input of any length.

// recheck's Scala.js build: no JVM, no native binary, no network
process.env.RECHECK_BACKEND = 'pure';
const { checkSync } = await import('recheck');

const repoRoot = join(import.meta.dirname, '../../../..');
const roots = ['packages/contracts/src', 'apps/server/src'];

/** file:regex → why its super-linear case cannot be reached. */
const notOnVisitorInput: Record<string, string> = {
  'apps/server/src/env.ts:/\\/+$/': 'PUBLIC_BASE_URL, from the environment',
  'apps/server/src/modules/mail/render-email.ts:/\\/+$/': 'the configured mail base URL',
  'apps/server/src/modules/payments/payment-config.ts:/\\/+$/': 'PUBLIC_BASE_URL',
  'apps/server/src/modules/payments/payments.routes.ts:/\\/+$/': 'the configured base URL',
  'apps/server/src/modules/payments/providers/phonepe-definition.ts:/\\/+$/':
    'PHONEPE_API_URL and PHONEPE_AUTH_URL, from the environment',
  'apps/server/src/modules/payments/providers/razorpay-definition.ts:/\\/+$/':
    'RAZORPAY_API_URL, from the environment',
  'apps/server/src/modules/seo/site-urls.ts:/\\/+$/': 'the configured base URL',
  'apps/server/src/modules/products/admin-products.service.ts:/^-+|-+$/g':
    'slugify: runs of non-letters are first collapsed into one hyphen',
  'apps/server/src/modules/products/admin-products.service.ts:/-+$/g':
    'slugify: on at most 90 characters',
  'apps/server/src/modules/seo/head-tags.ts:/<title>[\\s\\S]*?<\\/title>/i':
    "the build's index.html",
  'apps/server/src/modules/seo/head-tags.ts:/<meta name="description"[^>]*>/i':
    "the build's index.html",
  'apps/server/src/modules/seo/page-text.ts:/<(script|style|template)\\b[\\s\\S]*?<\\/\\1\\s*>/gi':
    'a product description, written by staff and at most 5,000 characters (worst case ~35 ms)',
  'apps/server/src/modules/seo/page-text.ts:/<!--[\\s\\S]*?-->/g':
    'a product description, written by staff and at most 5,000 characters (worst case ~35 ms)',
  'apps/server/src/modules/seo/page-text.ts:/<[^>]*>/g':
    'a product description, written by staff and at most 5,000 characters (worst case ~35 ms)',
  'apps/server/src/modules/seo/page-text.ts:/[\\s,;:.–—-]+$/':
    'a description clipped to 159 characters',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function regexLiterals(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral)
      found.push((node as ts.RegularExpressionLiteral).text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const verdict = (source: string, flags: string) => {
  // recheck's own limit is 10 s of wall time per expression: on a loaded 2-core machine a trivial
  // one (`/Server listening at (…\d+)/`) once passed it, reported as "unknown (timeout)"
  const result = checkSync(source, flags, { timeout: 60_000 });
  if (result.status === 'safe') return 'safe';
  return result.status === 'vulnerable'
    ? `vulnerable (${result.complexity.type}, e.g. ${JSON.stringify(result.attack.pattern)})`
    : `unknown (${result.error.kind})`;
};

describe('regular expressions', () => {
  it('of contracts and server are linear, or never see a visitor input of any length', () => {
    const unsafe: string[] = [];
    let checked = 0;
    for (const root of roots) {
      for (const file of sourceFiles(join(repoRoot, root))) {
        for (const literal of regexLiterals(file)) {
          checked++;
          const end = literal.lastIndexOf('/');
          const key = `${relative(repoRoot, file)}:${literal}`;
          const result = verdict(literal.slice(1, end), literal.slice(end + 1));
          if (result !== 'safe' && !notOnVisitorInput[key]) unsafe.push(`${key} ${result}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(unsafe).toEqual([]);
  }, 120_000);

  it('configured for the payment form are linear', () => {
    const fields = paymentFieldDefinitions([...paymentMethods, COD_METHOD]);
    const patterns = fields.flatMap((f) => (f.rules?.pattern ? [f.rules.pattern] : []));
    expect(patterns.length).toBeGreaterThan(2);
    for (const pattern of patterns) {
      const regex = parseRulePattern(pattern)!;
      expect(`${pattern} ${verdict(regex.source, regex.flags)}`).toBe(`${pattern} safe`);
    }
  }, 60_000);
});
