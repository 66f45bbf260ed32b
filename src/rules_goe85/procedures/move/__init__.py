"""Movement (GoE 7, 9, 15d, 17b, 18e/g/h/i/o): one procedure over two modules, the stack moving hex by
hex (steps.py) and a vehicle or helicopter stepping, pivoting, reversing, loading and unloading in it
(vehicle_steps.py)."""
