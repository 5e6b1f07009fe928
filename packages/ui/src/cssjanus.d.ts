/** cssjanus ships no types: the one function the RTL plugin's filter calls. */
declare module 'cssjanus' {
  const cssjanus: { transform(css: string): string };
  export default cssjanus;
}
