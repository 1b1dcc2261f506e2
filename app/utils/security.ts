export const SECURITY_URL = "/dashboard/admin/security";
/** Two-factor sign-in settings (built separately; linked from the security page). */
export const TWO_FACTOR_URL = "/dashboard/admin/security/two-factor";
