import { describe, expect, it } from 'vitest';
import { checkDimensions, checkFile } from '@/lib/image';
import { imageRules, keepsOriginalFormat } from '@/lib/image-rules';

describe('image rules by use', () => {
  it('say the spec minimums', () => {
    expect(imageRules('application.logo_id').minDimensions).toBe('300,300');
    expect(imageRules('wallet.icon_id').minDimensions).toBe('200,200');
    expect(imageRules('location_type.icon_id')).toEqual({ minDimensions: '200,200', extensions: ['png'] });
  });

  it('refuse an app icon that is not a png of exactly 1024 × 1024 and at most 1 MB', () => {
    const icon = imageRules('app_build.icon_id');
    expect(checkFile({ name: 'icon.jpg', size: 1000 }, icon)?.key).toBe('upload.invalidType');
    expect(checkFile({ name: 'icon.png', size: 1024 * 1024 + 1 }, icon)).toEqual({ key: 'upload.tooLarge', values: { size: 1024 } });
    expect(checkFile({ name: 'icon.png', size: 1024 * 1024 }, icon)).toBeNull();
    expect(checkDimensions({ width: 1023, height: 1024 }, icon)?.key).toBe('upload.tooSmallDimensions');
    expect(checkDimensions({ width: 2048, height: 2048 }, icon)?.key).toBe('upload.tooLargeDimensions');
    expect(checkDimensions({ width: 1024, height: 1024 }, icon)).toBeNull();
  });

  it('keep the original format where the rule names a type', () => {
    expect(keepsOriginalFormat('app_build.icon_id')).toBe(true);
    expect(keepsOriginalFormat('location_type.icon_id')).toBe(true);
    expect(keepsOriginalFormat('wallet.icon_id')).toBe(false);
  });
});
