import { z } from 'zod';

/**
 * The contract's named and described schemas: the components of the API's OpenAPI document. Not zod's
 * global registry: the server process holds two copies of the contract, the API's bundle and the web site's
 * server build, and both registered their schemas' ids in the one global registry, which made the OpenAPI
 * document fail ("Duplicate schema id"). Each copy of the contract has its own registry.
 */
export const contractRegistry = z.registry<z.core.GlobalMeta>();
