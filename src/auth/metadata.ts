// The two discovery documents: RFC 9728 protected-resource metadata (built by the SDK from
// our issuer and resource) at the path-aware and the root location, and RFC 8414
// authorization-server metadata. Public and cacheable, with CORS so browser clients can read them.

import { buildOAuthProtectedResourceMetadata, getOAuthProtectedResourceMetadataUrl, type OAuthMetadata } from "@modelcontextprotocol/server";
import { SCOPE } from "./context.js";
import type { AuthSetup } from "./options.js";
import { SUPPORTED_AUTH_METHODS } from "./register.js";

export const AUTHORIZATION_SERVER_PATH = "/.well-known/oauth-authorization-server";
export const PROTECTED_RESOURCE_PATH = "/.well-known/oauth-protected-resource";
/** Where the endpoints live below the issuer. */
export const ENDPOINT_PATHS = { authorize: "/authorize", token: "/token", register: "/register", revoke: "/revoke" } as const;

export function authorizationServerMetadata(setup: AuthSetup): OAuthMetadata {
  return {
    issuer: setup.issuer,
    authorization_endpoint: `${setup.issuer}${ENDPOINT_PATHS.authorize}`,
    token_endpoint: `${setup.issuer}${ENDPOINT_PATHS.token}`,
    registration_endpoint: `${setup.issuer}${ENDPOINT_PATHS.register}`,
    revocation_endpoint: `${setup.issuer}${ENDPOINT_PATHS.revoke}`,
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: [...SUPPORTED_AUTH_METHODS],
    revocation_endpoint_auth_methods_supported: [...SUPPORTED_AUTH_METHODS],
    scopes_supported: [SCOPE],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
  } as OAuthMetadata;
}

export function protectedResourceMetadata(setup: AuthSetup) {
  return buildOAuthProtectedResourceMetadata({
    oauthMetadata: authorizationServerMetadata(setup),
    resourceServerUrl: new URL(setup.resource),
    scopesSupported: [SCOPE],
    resourceName: "VNDB (vndb-mcp-server)",
    // Plain http is accepted only for a local trial (the SDK allows it for loopback names).
    dangerouslyAllowInsecureIssuerUrl: setup.localTrial,
  });
}

/** The URL a 401 challenge names (`resource_metadata`). */
export const resourceMetadataUrl = (setup: AuthSetup) => getOAuthProtectedResourceMetadataUrl(new URL(setup.resource));
