import { fileUrl } from './public-api.ts';

export interface BannerSize {
  width: number;
  height: number;
}

/** Banners are content-addressed: a file id's size never changes. */
const sizes = new Map<string, BannerSize>();
/** Downloads under way, held so that none is collected (and cancelled) before the page's own image takes it over. */
const loading = new Set<HTMLImageElement>();

/** A banner's size, once bannerSize has read it: the header gives its box before the pixels arrive. */
export function knownBannerSize(fileId: string): BannerSize | undefined {
  return sizes.get(fileId);
}

/**
 * Starts downloading a banner and resolves as soon as its size is known — the image's header, the first
 * bytes, not the whole file — or when it fails, or after `capMs`. The page shows the header with the
 * banner's box already sized, so the form below it does not jump down when the picture arrives.
 */
export function bannerSize(fileId: string, capMs = 2000): Promise<BannerSize | undefined> {
  const known = sizes.get(fileId);
  if (known) return Promise.resolve(known);
  return new Promise((resolve) => {
    const image = new Image();
    let poll: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      clearTimeout(poll);
      clearTimeout(deadline);
      if (image.naturalWidth > 0 && image.naturalHeight > 0) {
        sizes.set(fileId, { width: image.naturalWidth, height: image.naturalHeight });
      }
      resolve(sizes.get(fileId));
    };
    const release = () => {
      loading.delete(image);
      settle();
    };
    // The size is there while the image is still loading: no event says when, so look for it.
    const check = () => {
      if (image.naturalWidth > 0) settle();
      else poll = setTimeout(check, 16);
    };
    const deadline = setTimeout(settle, capMs);
    image.addEventListener('load', release, { once: true });
    image.addEventListener('error', release, { once: true });
    loading.add(image);
    image.fetchPriority = 'high';
    image.src = fileUrl(fileId);
    check();
  });
}
