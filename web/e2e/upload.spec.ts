import { deflateSync } from 'node:zlib';
import { expect, loggedInTest as test } from './fixtures';

/** A square RGBA png whose corner pixel is transparent, as map icons must be. */
function transparentPng(size: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (1 + size * 4));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 4);
    for (let x = 0; x < size; x++) {
      const p = row + 1 + x * 4;
      rows[p] = 20;
      rows[p + 1] = 120;
      rows[p + 2] = 200;
      rows[p + 3] = x === 0 && y === 0 ? 0 : 255;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('upload a location type icon and see its thumbnail in the list', async ({ page }) => {
  const name = `E2E location type ${Date.now()}`;

  await page.goto('/admin/location-types/create');
  await expect(page).toHaveURL(/\/admin\/location-types\/create$/);
  await page.getByLabel('Name').fill(name);

  await page.locator('input[type="file"]').setInputFiles({ name: 'uploads/marker.png', mimeType: 'image/png', buffer: transparentPng(256) });
  await expect(page.getByRole('img', { name: 'Preview of icon' })).toBeVisible();
  await expect(page.getByText('marker.png')).toBeVisible();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/location-types$/);

  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  const icon = page.locator('.ag-row').filter({ hasText: name }).locator('img.grid-icon');
  await expect(icon).toHaveAttribute('src', /\/v1\/files\/[^/]+\/thumbnail$/);
  // The thumbnail really loaded: the browser decoded an image at most 200 px wide.
  await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(await icon.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeLessThanOrEqual(200);
});
