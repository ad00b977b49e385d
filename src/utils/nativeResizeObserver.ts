/** Every browser of `targets` has ResizeObserver: libraries that import the polyfill get the browser's own (.umirc.ts). */
export default globalThis.ResizeObserver;
