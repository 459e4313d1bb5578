/** CSS imported with `with { type: 'text' }`: esbuild gives the file's text. */
declare module '*.css' {
  const text: string;
  export default text;
}
