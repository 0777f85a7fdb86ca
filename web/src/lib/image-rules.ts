import type { UploadRules } from '@/lib/image';
import registry from '@/lib/image-rules.json';

/**
 * The image rules by use (spec §5: logo 300×300, icon 200×200, app icon 1024×1024 png
 * of at most 1 MB; decision 1650). The server checks the same registry
 * (readapi/kernel/imagerules.go; its test compares the two), so the upload field says
 * up front what the save would refuse.
 */
export type ImageUse = keyof typeof registry;

export const IMAGE_RULES: Record<ImageUse, UploadRules> = registry;

export function imageRules(use: ImageUse): UploadRules {
  return IMAGE_RULES[use];
}

/** The rule's extensions are the image's type: re-encoding to webp would break it. */
export function keepsOriginalFormat(use: ImageUse): boolean {
  return Boolean(IMAGE_RULES[use].extensions);
}
