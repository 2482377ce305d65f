import fc from 'fast-check';

// A property that fails is shrunk to a small example; bound that search so a pathological case ends
// as a failure with its seed instead of running until CI's time limit.
fc.configureGlobal({ interruptAfterTimeLimit: 20_000, markInterruptAsFailure: true });
