import { render, screen } from '@testing-library/react';
import { WaterMark } from '@/components/WaterMark';

const tileOf = (mark: Element) => decodeURIComponent((mark as HTMLElement).style.backgroundImage);

describe('the layout watermark', () => {
  it("repeats the user's name over the content in ProLayout's tile, as text", () => {
    const { container } = render(
      <WaterMark content="王工">
        <p>报警总览</p>
      </WaterMark>,
    );
    expect(screen.getByText('报警总览')).toBeInTheDocument();
    const mark = container.querySelector('.ant-console-watermark') as HTMLElement;
    expect(mark.style.backgroundSize).toBe('332px');
    expect(mark.style.pointerEvents).toBe('none');
    const tile = tileOf(mark);
    expect(tile).toContain('width="332" height="286"');
    expect(tile).toContain('translate(106 111) rotate(-22)');
    expect(tile).toContain('<tspan x="0" y="0">王工</tspan>');
  });

  it('writes markup in a name as text, and draws nothing without a name', () => {
    const { container, rerender } = render(<WaterMark content={`<b>"A&B'</b>`} />);
    expect(tileOf(container.querySelector('.ant-console-watermark') as Element)).toContain(
      '<tspan x="0" y="0">&lt;b&gt;&quot;A&amp;B&apos;&lt;/b&gt;</tspan>',
    );
    rerender(<WaterMark />);
    expect((container.querySelector('.ant-console-watermark') as HTMLElement).style.backgroundImage).toBe('');
  });
});
