"""Hardware drivers: one module per part, each with a real and a simulated backend."""
