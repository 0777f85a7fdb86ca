export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'svg', 'bmp', 'gif', 'webp'] as const;
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
/** Below this size images are re-encoded at full quality. */
export const SMALL_IMAGE_BYTES = 200_000;

export interface Dimensions {
  width: number;
  height: number;
}

/** Parses the 'width,height' form used for min and max dimensions. */
export function parseDimensions(value: string | undefined): Dimensions | null {
  if (!value) return null;
  const [width, height] = value.split(',').map((part) => Number.parseInt(part.trim(), 10));
  if (!Number.isFinite(width) || !Number.isFinite(height)) return null;
  return { width, height };
}

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export interface UploadRules {
  extensions?: readonly string[];
  maxBytes?: number;
  minDimensions?: string;
  maxDimensions?: string;
}

/** A client-side rejection, as an i18n key plus its values. */
export interface UploadProblem {
  key: 'upload.invalidType' | 'upload.tooLarge' | 'upload.tooSmallDimensions' | 'upload.tooLargeDimensions';
  values: Record<string, string | number>;
}

export function checkFile(file: Pick<File, 'name' | 'size'>, rules: UploadRules): UploadProblem | null {
  const extensions = rules.extensions ?? IMAGE_EXTENSIONS;
  if (!extensions.includes(fileExtension(file.name))) {
    return { key: 'upload.invalidType', values: { types: extensions.join(', ') } };
  }
  const maxBytes = rules.maxBytes ?? MAX_UPLOAD_BYTES;
  if (file.size > maxBytes) {
    return { key: 'upload.tooLarge', values: { size: Math.round(maxBytes / 1024) } };
  }
  return null;
}

export function checkDimensions(actual: Dimensions, rules: UploadRules): UploadProblem | null {
  const min = parseDimensions(rules.minDimensions);
  if (min && (actual.width < min.width || actual.height < min.height)) {
    return { key: 'upload.tooSmallDimensions', values: { width: min.width, height: min.height } };
  }
  const max = parseDimensions(rules.maxDimensions);
  if (max && (actual.width > max.width || actual.height > max.height)) {
    return { key: 'upload.tooLargeDimensions', values: { width: max.width, height: max.height } };
  }
  return null;
}

export function isSafari(userAgent: string = navigator.userAgent): boolean {
  return /safari/i.test(userAgent) && !/chrome|chromium|crios|android|edg/i.test(userAgent);
}

/** Vector and animated images lose what makes them so on a canvas; they go up as they are. */
export function canReencode(file: Pick<File, 'name' | 'type'>): boolean {
  const extension = fileExtension(file.name);
  return extension !== 'svg' && extension !== 'gif';
}

export function reencodeTarget(file: Pick<File, 'size'>, safari: boolean): { type: string; extension: string; quality: number } {
  return {
    type: safari ? 'image/jpeg' : 'image/webp',
    extension: safari ? 'jpg' : 'webp',
    quality: file.size < SMALL_IMAGE_BYTES ? 1 : 0.5,
  };
}

async function loadImage(file: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function readImageDimensions(file: Blob): Promise<Dimensions> {
  const image = await loadImage(file);
  return { width: image.naturalWidth, height: image.naturalHeight };
}

/** Redraws the image on a canvas as webp (jpeg on Safari) to shrink it before upload; the original when that is not smaller. */
export async function reencodeImage(file: File, safari: boolean = isSafari()): Promise<File> {
  if (!canReencode(file)) return file;
  const image = await loadImage(file);
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d');
  if (!context) return file;
  const target = reencodeTarget(file, safari);
  if (target.type === 'image/jpeg') {
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
  }
  context.drawImage(image, 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, target.type, target.quality));
  // Re-encoding is to shrink: a small, well-compressed image (a flat splash image) can come
  // out larger, even past the upload cap, and then goes up as it is.
  if (!blob || blob.size >= file.size) return file;
  const name = `${file.name.replace(/\.[^.]+$/, '')}.${target.extension}`;
  return new File([blob], name, { type: target.type, lastModified: file.lastModified });
}
