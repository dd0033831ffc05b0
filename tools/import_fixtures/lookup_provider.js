// A stand-in model for the promptfoo fixtures: answers from a table, no model needed.
// One question fails the way a provider does (an error, no output), so that promptfoo's own
// code records a provider error in its results file.
const REPLIES = {
  'What is the capital of France?': 'The capital of France is Paris.',
  'Who captained England in the 1966 World Cup final?': 'Robert Moore.',
  'How many legs does a spider have?': 'A spider has six legs.',
  'What is the monthly rent in the lease?': 'The rent is $1450 a month.',
};

class LookupProvider {
  constructor(options) {
    this.providerId = (options && options.id) || 'lookup-model';
  }
  id() {
    return this.providerId;
  }
  async callApi(prompt) {
    const question = Object.keys(REPLIES).find((q) => prompt.includes(q));
    if (!question) {
      return { error: 'API error: 503 Service Unavailable (upstream model timed out)' };
    }
    return { output: REPLIES[question] };
  }
}

module.exports = LookupProvider;
