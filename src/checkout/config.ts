export const checkoutEnv = {};
