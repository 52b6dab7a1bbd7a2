// The identity pages are the lightest of the app (a budget of JavaScript, decision 019): their
// forms load zod and the shared schemas when first used, not with the page.
const schemas = () => import('./form-schemas');

export const signInSchema = () => schemas().then((module) => module.signInSchema);
export const signUpSchema = () => schemas().then((module) => module.signUpSchema);
export const emailRequestSchema = () => schemas().then((module) => module.emailRequestSchema);
export const resetPasswordSchema = () => schemas().then((module) => module.resetPasswordSchema);
export const finishRegisterSchema = () => schemas().then((module) => module.finishRegisterSchema);
export const phoneSchema = () => schemas().then((module) => module.phoneSchema);
export const phoneCodeSchema = () => schemas().then((module) => module.phoneCodeSchema);
