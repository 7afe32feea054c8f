/**
 * Something costly — usually a dependency few requests need — loaded on first use and kept:
 * `const loadYazl = onFirstUse(() => import('yazl'))`, then `const { ZipFile } = await loadYazl()`.
 * Start-up then loads only what serving needs (docs/decisions/0071-load-on-first-use.md). A load
 * that fails is not kept: the next call tries again.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
