import { setPasswordCost } from '../src/lib/password';

// Every test file creates and signs in staff: scrypt at its production cost (N=2^17) would make that most of the suite's
// time. The rules around passwords do not depend on the cost; test/process.test.ts checks the real server uses it.
setPasswordCost({ logN: 10, r: 8, p: 1 });
