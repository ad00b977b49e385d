import defaultSettings from '../config/defaultSettings';

/**
 * antd's theme of the whole app (the root container's ConfigProvider). Links take the primary colour: antd
 * derives them from its info colour, not from the primary the layout sets. Set here rather than through the
 * antd plugin's theme, whose runtime would bring a deep-merge helper to the first load. The build extracts
 * styles with the same theme (scripts/antd-styles.tsx), so theirs are the ones antd would build.
 */
export const appTheme = {
  token: { colorPrimary: defaultSettings.colorPrimary, colorLink: defaultSettings.colorPrimary },
};
