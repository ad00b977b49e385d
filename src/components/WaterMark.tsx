/**
 * The watermark of layout pages: the user's name repeated across the page content, in ProLayout's look
 * (same tile, rotation and font), under a class of this app's own. The tile is an SVG written while rendering, so the watermark
 * comes with the layout's first frame; ProLayout's own draws a canvas into a PNG in an effect and renders
 * again. The build also gives this one to ProLayout's page container in place of its own (.umirc.ts).
 */
import { ConfigProvider, theme } from 'antd';
import { type CSSProperties, type ReactNode, useContext, useMemo } from 'react';

export interface WaterMarkProps {
  children?: ReactNode;
  content?: string | string[];
  style?: CSSProperties;
  className?: string;
  markStyle?: CSSProperties;
  markClassName?: string;
  zIndex?: number;
  gapX?: number;
  gapY?: number;
  width?: number;
  height?: number;
  rotate?: number;
  offsetLeft?: number;
  offsetTop?: number;
  fontStyle?: string;
  fontWeight?: string | number;
  fontColor?: string;
  fontSize?: number;
  fontFamily?: string;
  prefixCls?: string;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xmlText = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);

interface Tile {
  lines: string[];
  width: number;
  height: number;
  x: number;
  y: number;
  rotate: number;
  font: CSSProperties;
  color: string;
}

/** The repeated tile: the lines written from (x, y), turned by `rotate` degrees, as an SVG data URL. */
export function watermarkTile({ lines, width, height, x, y, rotate, font, color }: Tile): string {
  const fontSize = Number(font.fontSize);
  const text = lines.map((line, index) => `<tspan x="0" y="${index * fontSize}">${xmlText(line)}</tspan>`).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<text transform="translate(${x} ${y}) rotate(${rotate})" fill="${xmlText(color)}" ` +
    `font-family="${xmlText(String(font.fontFamily))}" font-size="${fontSize}" ` +
    `font-style="${xmlText(String(font.fontStyle))}" font-weight="${xmlText(String(font.fontWeight))}">${text}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export function WaterMark({
  children,
  content,
  style,
  className,
  markStyle,
  markClassName,
  zIndex = 9,
  gapX = 212,
  gapY = 222,
  width = 120,
  height = 64,
  rotate = -22,
  offsetLeft,
  offsetTop,
  fontStyle = 'normal',
  fontWeight = 'normal',
  fontColor,
  fontSize = 16,
  fontFamily = 'sans-serif',
  prefixCls,
}: WaterMarkProps) {
  const { token } = theme.useToken();
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const markCls = getPrefixCls('console-watermark', prefixCls);
  const color = fontColor ?? token.colorFill;
  const text = content === undefined ? '' : ([] as string[]).concat(content).join('\n');
  const url = useMemo(
    () =>
      text &&
      watermarkTile({
        lines: text.split('\n'),
        width: gapX + width,
        height: gapY + height,
        x: offsetLeft ?? gapX / 2,
        y: offsetTop ?? gapY / 2,
        rotate,
        font: { fontFamily, fontSize, fontStyle, fontWeight },
        color,
      }),
    [
      text,
      gapX,
      gapY,
      width,
      height,
      rotate,
      offsetLeft,
      offsetTop,
      fontStyle,
      fontWeight,
      fontSize,
      fontFamily,
      color,
    ],
  );
  return (
    <div
      style={{ position: 'relative', ...style }}
      className={[`${markCls}-wrapper`, className].filter(Boolean).join(' ')}
    >
      {children}
      <div
        className={[markCls, markClassName].filter(Boolean).join(' ')}
        style={{
          zIndex,
          position: 'absolute',
          left: 0,
          top: 0,
          width: '100%',
          height: '100%',
          backgroundSize: `${gapX + width}px`,
          pointerEvents: 'none',
          backgroundRepeat: 'repeat',
          ...(url ? { backgroundImage: `url("${url}")` } : {}),
          ...markStyle,
        }}
      />
    </div>
  );
}
