import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ColorField, joinAlpha, splitAlpha } from '@/components/color-field/ColorField';

function Harness({ initial }: { initial: string | null }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ColorField label="Primary colour" value={value} onChange={setValue} />
      <output data-testid="value">{value ?? 'null'}</output>
    </>
  );
}

describe('ColorField', () => {
  it('shows no colour as empty, not as a fake red, and clears back to none', () => {
    render(<Harness initial={null} />);
    expect(screen.getByLabelText('Primary colour')).toHaveValue('');
    expect(screen.getByLabelText('Primary colour')).toHaveAttribute('placeholder', 'No colour (default)');
    fireEvent.input(screen.getByLabelText('Pick a colour'), { target: { value: '#0000ff' } });
    expect(screen.getByTestId('value')).toHaveTextContent('#0000FF');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByTestId('value')).toHaveTextContent('null');
  });

  it('splits and joins alpha', () => {
    expect(splitAlpha('#11223380')).toEqual({ rgb: '#112233', alpha: 128 });
    expect(splitAlpha('#112233')).toEqual({ rgb: '#112233', alpha: 255 });
    expect(joinAlpha('#112233', 128)).toBe('#11223380');
    expect(joinAlpha('#112233', 255)).toBe('#112233');
    expect(joinAlpha('#112233', 0)).toBe('#11223300');
  });

  it('accepts typed hex with alpha and ignores incomplete input', () => {
    render(<Harness initial="#00FF00" />);
    const text = screen.getByLabelText('Primary colour');
    fireEvent.change(text, { target: { value: '#12' } });
    expect(screen.getByTestId('value')).toHaveTextContent('#00FF00');
    fireEvent.change(text, { target: { value: '#123456cc' } });
    expect(screen.getByTestId('value')).toHaveTextContent('#123456CC');
  });

  it('keeps the alpha when the colour picker changes', () => {
    render(<Harness initial="#00FF0080" />);
    fireEvent.input(screen.getByLabelText('Pick a colour'), { target: { value: '#0000ff' } });
    expect(screen.getByTestId('value')).toHaveTextContent('#0000FF80');
  });
});
