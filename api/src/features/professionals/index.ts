/** The professionals' public face: their routes, their listings' queries (profilesRepo) and search, and open slots. */
export * as profilesRepo from './repo.ts';
export { findListing, findListings, forgetProfessionalOf, listedProfessionals, uncountCompletedJob } from './repo.ts';
export { searchProfessionals } from './search.ts';
export { openSlots } from './service.ts';
export { cardFields } from './answers.ts';
