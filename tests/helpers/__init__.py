"""Plain helper modules shared by the tests, one concept each (deals written out, a table driven
in the browser, ...). A test module imports from here or takes a fixture from a conftest.py,
never from another test module (tests/test_no_test_imports_another.py). Their asserts are
rewritten like a test module's (tests/conftest.py registers the package)."""
