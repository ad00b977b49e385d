/**
 * The watermark of layout pages (the user's name across the page content), drawn as ProLayout's WaterMark
 * draws it — same tile, same classes and placement — but while rendering instead of in an effect that
 * renders again: a page shows its watermark in its first frame rather than after another render of the
 * whole page. The build puts it in place of ProLayout's own (.umirc.ts); it draws text only, the one
 * use here.
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

interface Tile {
  lines: string[];
  gapX: number;
  gapY: number;
  width: number;
  height: number;
  rotate: number;
  offsetLeft: number;
  offsetTop: number;
  font: string;
  fontSize: number;
  color: string;
}

/** The repeated tile as a data URL; none where the browser has no 2D canvas. */
function drawTile(tile: Tile): string | undefined {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  const ratio = window.devicePixelRatio || 1;
  canvas.width = (tile.gapX + tile.width) * ratio;
  canvas.height = (tile.gapY + tile.height) * ratio;
  context.translate(tile.offsetLeft * ratio, tile.offsetTop * ratio);
  context.rotate((Math.PI / 180) * tile.rotate);
  context.font = tile.font;
  context.fillStyle = tile.color;
  tile.lines.forEach((line, index) => context.fillText(line, 0, index * tile.fontSize * ratio));
  return canvas.toDataURL();
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
  const markCls = getPrefixCls('pro-layout-watermark', prefixCls);
  const color = fontColor ?? token.colorFill;
  const lines = content === undefined ? [] : ([] as string[]).concat(content);
  const key = lines.join('\n');
  const url = useMemo(() => {
    if (!key) return undefined;
    const ratio = window.devicePixelRatio || 1;
    return drawTile({
      lines: key.split('\n'),
      gapX,
      gapY,
      width,
      height,
      rotate,
      offsetLeft: offsetLeft ?? gapX / 2,
      offsetTop: offsetTop ?? gapY / 2,
      font: `${fontStyle} normal ${fontWeight} ${fontSize * ratio}px/${height * ratio}px ${fontFamily}`,
      fontSize,
      color,
    });
  }, [
    key,
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
  ]);
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
          ...(url ? { backgroundImage: `url('${url}')` } : {}),
          ...markStyle,
        }}
      />
    </div>
  );
}
