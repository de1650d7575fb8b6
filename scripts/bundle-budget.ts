// `npm test`, after the build: fails when the landing page's first load outgrows its JavaScript
// budget (scripts/landing-bundle.ts says what counts). A size check on the build output, so it
// says the same on any machine. npx tsx bench/bundle-size.ts shows where the bytes are.
import { kb, landingFirstLoad, LANDING_JS_BUDGET_KB, WebBuild } from './landing-bundle';

const build = new WebBuild(process.argv[2]);
const { js, files } = landingFirstLoad(build);
const budget = LANDING_JS_BUDGET_KB * 1024;
const scripts = [...files].filter((file) => file.endsWith('.js')).length;
const summary = `the landing page loads ${kb(js)} of JavaScript (gzip) in ${scripts} files before it is usable; the budget is ${LANDING_JS_BUDGET_KB} KB`;
if (js > budget) {
  console.error(
    `bundle budget exceeded: ${summary}, ${kb(js - budget)} over. ` +
      'Load what the first screen does not show when it is needed (npx tsx bench/bundle-size.ts lists the files).',
  );
  process.exit(1);
}
console.log(`bundle budget met: ${summary}.`);
