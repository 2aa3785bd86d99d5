/**
 * The unit tests `npm run mutate` runs against each mutant: the rule modules' own test files (those that
 * import them), so a mutant that only a whole game would notice counts as surviving. `vite.config.ts`
 * runs every unit test, which takes minutes for each of the modules' constants.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'tests/unit/rules/fiveparsecs/shooting.test.ts',
      'tests/unit/rules/fiveparsecs/combat.test.ts',
      'tests/unit/rules/fiveparsecs/fire.test.ts',
      'tests/unit/rules/skirmish-ru/shooting.test.ts',
      'tests/unit/rules/skirmish-ru/shots.test.ts',
      'tests/unit/rules/skirmish-ru/data.test.ts',
      'tests/unit/rules/rpg-attacks/d20.test.ts',
      'tests/unit/rules/rpg-attacks/attack.test.ts',
      'tests/unit/rules/rpg-attacks/lineOfFire.test.ts',
    ],
    setupFiles: ['tests/support/allWords.ts'],
    environment: 'node',
  },
});
