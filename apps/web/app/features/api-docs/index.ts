/** Issue 14 point 6: the public API's documentation (from the server's OpenAPI), its examples and "Try it". */
export { ApiDocs } from "./components/api-docs";
export { TestConsole } from "./components/test-console";
