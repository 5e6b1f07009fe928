declare module 'babel-plugin-styled-components' {
  import type { PluginObj } from '@babel/core';
  const plugin: (...args: never[]) => PluginObj;
  export default plugin;
}
