import { defineConfig } from '@umijs/max';
import defaultSettings from './config/defaultSettings';
import routes from './config/routes';

/** Where `npm run dev:api` runs the real server; `npm run dev` uses the in-process mock instead. */
const apiTarget = process.env.API_PROXY_TARGET;

export default defineConfig({
  title: defaultSettings.title as string,
  antd: {},
  access: {},
  model: {},
  initialState: {},
  request: {},
  layout: { title: defaultSettings.title, locale: false },
  routes,
  npmClient: 'npm',
  hash: true,
  publicPath: '/',
  favicons: ['/favicon.svg'],
  links: [{ rel: 'manifest', href: '/manifest.webmanifest' }],
  metas: [{ name: 'theme-color', content: defaultSettings.colorPrimary as string }],
  mock: apiTarget ? false : {},
  proxy: apiTarget ? { '/api': { target: apiTarget, changeOrigin: true } } : {},
  define: { 'process.env.PWA': defaultSettings.pwa },
  chainWebpack(memo) {
    // Seed §9: route chunks get two minutes before they count as failed.
    memo.output.chunkLoadTimeout(120000);
  },
});
