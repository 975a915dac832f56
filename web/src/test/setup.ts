/**
 * Setup of every web unit test file: Testing Library's `findBy…`/`waitFor` wait up to 5 s instead of
 * 1 s. Like the test timeout, this guards against hangs and does not measure speed: a first, cold run
 * of the suite transforms modules while the tests run, and a live update can take over a second to show.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
