// undici's own modules for the two parts the Kana client loads (undici-parts.ts). undici
// ships types for its index only; these say what each module exports (module.exports).
declare module "undici/lib/dispatcher/pool.js" {
  const Pool: unknown;
  export default Pool;
}
declare module "undici/lib/api/api-request.js" {
  const request: unknown;
  export default request;
}
