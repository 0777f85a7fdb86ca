import { canReencode, checkDimensions, checkFile, isSafari, parseDimensions, reencodeTarget } from '@/lib/image';

describe('upload checks', () => {
  it('accepts the image types', () => {
    for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'a.svg', 'a.bmp', 'a.gif', 'a.webp']) {
      expect(checkFile({ name, size: 10 }, {})).toBeNull();
    }
  });

  it('refuses other types and restricted lists', () => {
    expect(checkFile({ name: 'a.pdf', size: 10 }, {})?.key).toBe('upload.invalidType');
    expect(checkFile({ name: 'a.jpg', size: 10 }, { extensions: ['png'] })?.key).toBe('upload.invalidType');
  });

  it('refuses files over 2 MB', () => {
    expect(checkFile({ name: 'a.png', size: 2 * 1024 * 1024 }, {})).toBeNull();
    expect(checkFile({ name: 'a.png', size: 2 * 1024 * 1024 + 1 }, {})).toEqual({
      key: 'upload.tooLarge',
      values: { size: 2048 },
    });
  });

  it('parses width,height', () => {
    expect(parseDimensions('500, 250')).toEqual({ width: 500, height: 250 });
    expect(parseDimensions('x')).toBeNull();
    expect(parseDimensions(undefined)).toBeNull();
  });

  it('checks min and max dimensions', () => {
    const rules = { minDimensions: '200,200', maxDimensions: '1024,1024' };
    expect(checkDimensions({ width: 200, height: 200 }, rules)).toBeNull();
    expect(checkDimensions({ width: 199, height: 500 }, rules)).toEqual({
      key: 'upload.tooSmallDimensions',
      values: { width: 200, height: 200 },
    });
    expect(checkDimensions({ width: 500, height: 1025 }, rules)?.key).toBe('upload.tooLargeDimensions');
  });
});

describe('re-encoding', () => {
  it('uses webp, jpeg on Safari, quality 1 for small files', () => {
    expect(reencodeTarget({ size: 199_999 }, false)).toEqual({ type: 'image/webp', extension: 'webp', quality: 1 });
    expect(reencodeTarget({ size: 200_000 }, false).quality).toBe(0.5);
    expect(reencodeTarget({ size: 500_000 }, true)).toEqual({ type: 'image/jpeg', extension: 'jpg', quality: 0.5 });
  });

  it('leaves svg and gif alone', () => {
    expect(canReencode({ name: 'a.svg', type: 'image/svg+xml' })).toBe(false);
    expect(canReencode({ name: 'a.gif', type: 'image/gif' })).toBe(false);
    expect(canReencode({ name: 'a.png', type: 'image/png' })).toBe(true);
  });

  it('recognises Safari but not Chrome', () => {
    expect(isSafari('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15')).toBe(true);
    expect(isSafari('Mozilla/5.0 AppleWebKit/537.36 Chrome/120.0 Safari/537.36')).toBe(false);
  });
});
