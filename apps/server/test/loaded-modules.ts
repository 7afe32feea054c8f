import fs from 'node:fs';
import { registerHooks } from 'node:module';

/*
 * Preloaded (`node --import`) by start-up.test.ts: notes every module the process loads and, as it
 * exits, writes their URLs as JSON to LOADED_MODULES_FILE.
 */
const loaded = new Set<string>();
registerHooks({
  load(url, context, nextLoad) {
    loaded.add(url);
    return nextLoad(url, context);
  },
});
process.on('exit', () => {
  fs.writeFileSync(process.env.LOADED_MODULES_FILE!, JSON.stringify([...loaded]));
});
