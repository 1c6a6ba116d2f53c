// The CSP nonce of the current server render (empty in the browser, where scripts already ran).
import { createContext, useContext } from "react";

const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
