// @ts-check
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * The extensions the migrations create (pg_trgm for the admin search): PGlite builds them in but
 * loads only those named when a cluster opens, so every PGlite opened on our data names them.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
