import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Avatar, colorForName, initials } from '@/components/avatar/Avatar';
import { AvatarGroup } from '@/components/avatar/AvatarGroup';

describe('Avatar', () => {
  it.each([
    ['Sam', 'S'],
    ['sam super', 'SS'],
    ['Jan van der Berg Jansen', 'JVDB'],
    ['  Anna   de  Vries ', 'ADV'],
  ])('initials of %s are %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it('derives a stable colour from the name', () => {
    expect(colorForName('Sam Super')).toBe(colorForName('Sam Super'));
    expect(colorForName('Sam Super')).not.toBe(colorForName('Anna de Vries'));
  });

  it('keeps white initials at 4.5:1 contrast or more on every colour it derives', () => {
    // WCAG relative luminance of an hsl() colour, as axe-core computes it.
    const luminance = (color: string) => {
      const [h, s, l] = (/hsl\((\d+), (\d+)%, (\d+)%\)/.exec(color) ?? []).slice(1).map(Number);
      const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
      const channel = (n: number) => {
        const k = (n + h / 30) % 12;
        const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(0) + 0.7152 * channel(8) + 0.0722 * channel(4);
    };
    for (let i = 0; i < 500; i++) {
      const color = colorForName(`Person ${i}`);
      expect((1 + 0.05) / (luminance(color) + 0.05), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('shows the image, then initials when it fails to load', () => {
    render(<Avatar name="Sam Super" src="/broken.png" />);
    const image = screen.getByRole('img', { name: 'Sam Super' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('width', '48');
    fireEvent.error(image);
    const fallback = screen.getByRole('img', { name: 'Sam Super' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback).toHaveTextContent('SS');
  });

  it('shows initials without an image, at the given size', () => {
    render(<Avatar name="Anna de Vries" size={32} />);
    expect(screen.getByRole('img', { name: 'Anna de Vries' })).toHaveStyle({ width: '32px' });
  });
});

describe('AvatarGroup', () => {
  const people = [
    { id: '1', name: 'Sam Super' },
    { id: '2', name: 'Anna de Vries' },
    { id: '3', name: 'Piet Post' },
  ];

  it('shows one avatar and a +N menu with the rest', async () => {
    render(<AvatarGroup people={people} />);
    expect(screen.getByRole('img', { name: 'Sam Super' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Anna de Vries' })).not.toBeInTheDocument();
    const more = screen.getByRole('button', { name: '2 more' });
    expect(more).toHaveTextContent('+2');
    await userEvent.click(more);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['ADVAnna de Vries', 'PPPiet Post']);
  });

  it('has no menu when everyone fits', () => {
    render(<AvatarGroup people={people.slice(0, 1)} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
