import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { KeywordsField, keywordsLength } from '@/components/keywords-field/KeywordsField';

function Harness({ initial = [], max }: { initial?: string[]; max?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <KeywordsField label="Keywords" value={value} onChange={setValue} max={max} />
      <output data-testid="value">{value.join('|')}</output>
    </>
  );
}

describe('KeywordsField', () => {
  it('counts the characters of all keywords', () => {
    expect(keywordsLength(['padel', 'tennis'])).toBe(11);
  });

  it('adds chips on Enter and comma and shows the counter against 100', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Keywords');
    await userEvent.type(input, 'padel{Enter}tennis,');
    expect(screen.getByTestId('value')).toHaveTextContent('padel|tennis');
    expect(screen.getByTestId('keywords-counter')).toHaveTextContent('11 / 100 characters');
  });

  it('ignores duplicates and removes chips', async () => {
    render(<Harness initial={['padel', 'tennis']} />);
    const input = screen.getByLabelText('Keywords');
    await userEvent.type(input, 'padel{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('padel|tennis');
    await userEvent.click(screen.getByRole('button', { name: 'Remove padel' }));
    expect(screen.getByTestId('value')).toHaveTextContent('tennis');
    await userEvent.type(input, '{Backspace}');
    expect(screen.getByTestId('value')).toHaveTextContent('');
  });

  it('refuses a keyword that would pass the maximum', async () => {
    render(<Harness initial={['abcdefgh']} max={10} />);
    await userEvent.type(screen.getByLabelText('Keywords'), 'xyz{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('abcdefgh');
    expect(screen.getByText('The keywords may be 10 characters in total')).toBeInTheDocument();
  });
});
