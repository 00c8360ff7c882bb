import type { FullResult, Reporter } from '@playwright/test/reporter';
import { screenshotsRoot } from './paths';

/** Names, at the very end of the run, where the page screenshots went and how long it took. */
export default class SummaryReporter implements Reporter {
  printsToStdio(): boolean {
    return false;
  }

  onEnd(result: FullResult): void {
    console.log(`\n[e2e] ${result.status} in ${(result.duration / 1000).toFixed(1)} s`);
    console.log(`[e2e] screenshots: ${screenshotsRoot}/{desktop,phone,admin-desktop,admin-phone}/`);
  }
}
