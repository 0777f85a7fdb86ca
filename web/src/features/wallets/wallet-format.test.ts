import {
  batchLabel,
  endOfLocalDay,
  eventKey,
  exampleCode,
  slugify,
  walletsBase,
  walletTabPaths,
} from '@/features/wallets/wallet-format';

describe('wallet formatting', () => {
  it.each([
    ['Moves Tegoed', 'moves-tegoed'],
    ['  Café  Crème!! ', 'cafe-creme'],
    ['Één--twee__drie', 'een-twee-drie'],
    ['***', ''],
  ])('suggests the slug of %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('keeps a suggested slug within the limit without a trailing dash', () => {
    expect(slugify(`${'a'.repeat(63)} b`)).toBe('a'.repeat(63));
  });

  it('knows the area from the path', () => {
    expect(walletsBase('/admin/wallets/w1/coupons')).toBe('/admin/wallets');
    expect(walletsBase('/application/wallets')).toBe('/application/wallets');
  });

  it('opens a wallet on Statistics in the application area, on Settings in the superadmin’s', () => {
    expect(walletTabPaths('/application/wallets', 'w1')).toMatchObject({
      statisticsFirst: true,
      statistics: '/application/wallets/w1',
      settings: '/application/wallets/w1/settings',
    });
    expect(walletTabPaths('/admin/wallets', 'w1')).toMatchObject({
      statisticsFirst: false,
      statistics: '/admin/wallets/w1/statistics',
      settings: '/admin/wallets/w1',
    });
  });

  it('names history events whatever form the server uses', () => {
    expect(eventKey('coupon.redeemed.v1')).toBe('redeemed');
    expect(eventKey('wallet.credited.v1')).toBe('credited');
    expect(eventKey('coupon_batch.disabled.v1')).toBe('batch_disabled');
    expect(eventKey('issued')).toBe('issued');
  });

  it('shows batches and codes by their affixes', () => {
    expect(batchLabel({ id: 'abcdef123456', prefix: 'SUMMER', suffix: '', value_moves: 10 })).toBe('SUMMER-… (10)');
    expect(batchLabel({ id: 'abcdef123456', prefix: '', suffix: '', value_moves: 5 })).toBe('abcdef12 (5)');
    expect(exampleCode('A', 'Z')).toBe('A-XXXXXXXXXXXX-Z');
  });

  it('expires at the end of the chosen local day', () => {
    const end = new Date(endOfLocalDay('2026-12-31'));
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([
      2026, 11, 31, 23, 59,
    ]);
  });
});
