from spelkvall.cli import main

main()
