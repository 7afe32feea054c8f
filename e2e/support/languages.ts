/**
 * The languages a whole flow runs in. Repeating a flow per language doubled its minutes in CI while
 * the second run only read other words (the type checker holds every catalogue complete), so
 * each such flow runs in its first language, chosen so that the flows between them cover zh-tw and
 * en; `E2E_EVERY_LANGUAGE=1` runs each in every language it names, e.g. after editing translations.
 */
export function flowLanguages<L extends string>(...languages: [L, ...L[]]): L[] {
  return process.env.E2E_EVERY_LANGUAGE ? languages : [languages[0]];
}
