/**
 * The spec's banner compression rule (§5), in one pure function so that it can be tested at every
 * boundary. Sizes are binary: 1 KB = 1024 bytes, 1 MB = 1024 KB.
 *
 * - under 300 KB: left as is;
 * - 300 KB to under 1 MB: re-encoded at quality 0.85, no dimension cap (the spec leaves the cap open);
 * - 1 MB to 10 MB: longest side capped at 1600 px, quality 0.52 (0.92 above 5 MB);
 * - over 10 MB up to 20 MB: capped at 1400 px, quality 0.92;
 * - over 20 MB: refused.
 */
export const KB = 1024;
export const MB = 1024 * KB;

export const COMPRESSION_RULES = {
  keepBelowBytes: 300 * KB,
  smallBelowBytes: 1 * MB,
  highQualityAboveBytes: 5 * MB,
  mediumUpToBytes: 10 * MB,
  refuseAboveBytes: 20 * MB,
  smallQuality: 0.85,
  mediumQuality: 0.52,
  highQuality: 0.92,
  mediumMaxSide: 1600,
  largeMaxSide: 1400,
} as const;

export interface CompressionPlan {
  compress: boolean;
  /** Longest side in pixels after scaling; absent: keep the dimensions. */
  maxSide?: number;
  /** JPEG/WebP encoder quality, 0–1. */
  quality?: number;
  /** The file is too large to be taken at all. */
  refuse?: boolean;
}

export function compressionPlan(fileSizeBytes: number): CompressionPlan {
  const r = COMPRESSION_RULES;
  if (fileSizeBytes > r.refuseAboveBytes) return { compress: false, refuse: true };
  if (fileSizeBytes < r.keepBelowBytes) return { compress: false };
  if (fileSizeBytes < r.smallBelowBytes) return { compress: true, quality: r.smallQuality };
  const quality = fileSizeBytes > r.highQualityAboveBytes ? r.highQuality : r.mediumQuality;
  const maxSide = fileSizeBytes <= r.mediumUpToBytes ? r.mediumMaxSide : r.largeMaxSide;
  return { compress: true, maxSide, quality };
}
