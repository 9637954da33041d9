/** Interest registered before launch (the landing page's form). */
export { registerEarly } from './early-registration.data';
