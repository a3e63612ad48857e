"""What the machine offers: the GPU arch the library compiles for and its wave size."""
