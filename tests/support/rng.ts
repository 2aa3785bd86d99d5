/** mulberry32: a small seeded PRNG for building test and benchmark tables (never for game dice); the 3D dice tray's. */
export { prng as mulberry32 } from '../../src/dice3d/throw';
